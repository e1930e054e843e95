// Text as the main process reads it from bytes (Node's Buffer and ICU); what screens share is src-shared/text.
export { utf8Text, TRANSCODED_UP_TO_BYTES } from './utf8-text.ts';
