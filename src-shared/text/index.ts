export { cleanLine, cleanLines, cleanText, isCleanText } from './clean-text.ts';
