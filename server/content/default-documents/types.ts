// The shape of the shipped fixed documents: a title and a Markdown body (rendered by markup.ts)
// for each document.
import type { DocumentKey } from '../../../schemas/api/content.schema.ts';

export type DefaultDocuments = Readonly<Record<DocumentKey, { title: string; body: string }>>;
