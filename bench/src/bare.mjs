// A bare Fastify route in a process of its own: the ceiling the product is measured against.
// No plugins, no logging, no hooks: what Fastify itself costs for one small JSON answer.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.post('/bare', async () => ({ ok: true }));
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
