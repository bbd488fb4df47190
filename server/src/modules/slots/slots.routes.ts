import { slots } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import { bookSlot, cancelBooking, closeWindow, getSchedule, listSlots, setSchedule } from './slots.service';

export function registerSlotRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, slots.setSchedule, (input, { actor }) => setSchedule({ deps, actor, input }));
  registerCall(app, deps, slots.closeWindow, (input, { actor }) => closeWindow({ deps, actor, input }));
  registerCall(app, deps, slots.getSchedule, (input) => getSchedule({ deps, locationId: input.location_id }));
  registerCall(app, deps, slots.listSlots, (input) => listSlots({ deps, input }));
  registerCall(app, deps, slots.bookSlot, (input, { actor }) => bookSlot({ deps, actor, input }));
  registerCall(app, deps, slots.cancelBooking, (input, { actor }) =>
    cancelBooking({ deps, actor, bookingId: input.booking_id }),
  );
}
