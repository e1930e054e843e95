export { cleanText, isCleanText } from './clean-text.ts';
