// Every language's security notices, by the product's language codes.
import type { Language } from '../../../schemas/languages.ts';
import { bl } from './bl.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { he } from './he.ts';
import { it } from './it.ts';
import { pt } from './pt.ts';
import type { NoticeLanguage } from './types.ts';
import { zh } from './zh.ts';

export const noticeTexts: Record<Language, NoticeLanguage> = { en, zh, de, fr, he, it, pt, es, bl };
