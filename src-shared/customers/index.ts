export { parsePhoneNumber, formatPhoneNumber, type PhoneNumber, type PhoneProblem } from './phone-number.ts';
