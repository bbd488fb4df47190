import { auth } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { requiredText } from '../../../shared/forms';

const LoginForm = auth.LoginRequest.extend({
  username: requiredText({ max: 64 }),
  password: requiredText({ max: 256, trim: false }),
  otp: z.string().trim().max(64),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const loginFormResolver = zodResolver(LoginForm);
