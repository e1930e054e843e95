export { systemClock, type Clock } from './clock.ts';
export { Alarm } from './alarm.ts';
