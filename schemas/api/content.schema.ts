// Site content: brand, home data (home.schema.ts), notices, articles, fixed documents, customer
// service, uploads (docs/product.md §20: /index/*, /article/*).
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { page, pagedSchema, pageSize, timestamp } from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { articleSummarySchema } from './home.schema.ts';

// The home page's call is in its own file, which the app's first screen loads without the rest.
export { articleSummarySchema, figureSchema, home } from './home.schema.ts';

export const logo = defineEndpoint({
  method: 'GET',
  path: '/index/logo',
  summary: "The brand's name and header logo, from configuration",
  auth: false,
  request: z.object({}),
  response: z.object({ name: z.string(), head_logo: z.string() }),
  errors: [],
});

export const articleSchema = z.extend(articleSummarySchema, {
  /** Sanitised HTML. */
  content: z.string(),
});

/** The fixed documents: about us, the licence (MSB registration), and security. */
export const documentKeys = ['about', 'msb', 'sec'] as const;
export const documentKeySchema = z.enum(documentKeys);
export type DocumentKey = (typeof documentKeys)[number];

export const documentSchema = z.object({
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  updated_at: timestamp,
});

export const notices = defineEndpoint({
  method: 'GET',
  path: '/index/gonggao',
  summary: 'Platform notices, newest first',
  auth: false,
  request: z.object({ page, size: pageSize }),
  response: pagedSchema(articleSummarySchema),
  errors: [],
});

export const articles = defineEndpoint({
  method: 'GET',
  path: '/article/index',
  summary:
    'Articles of a category (92 notices, 1 about us, the default; 2 guides), newest first, in the Lang with English fallback',
  auth: false,
  request: z.object({
    category_id: z.optional(rowId('articles.category_id', 'integer')),
    page,
    size: pageSize,
  }),
  response: pagedSchema(articleSummarySchema),
  errors: ['category_unknown'],
});

export const articleDetail = defineEndpoint({
  method: 'GET',
  path: '/article/detail',
  summary: 'One article',
  auth: false,
  request: z.object({ id: rowId('articles.id', 'integer') }),
  response: articleSchema,
  errors: ['article_not_found'],
});

export const aboutDocument = defineEndpoint({
  method: 'GET',
  path: '/index/services',
  summary: 'About us',
  auth: false,
  request: z.object({}),
  response: documentSchema,
  errors: [],
});

export const msbDocument = defineEndpoint({
  method: 'GET',
  path: '/index/pdf',
  summary: 'Fixed document (licence / MSB registration)',
  auth: false,
  request: z.object({}),
  response: documentSchema,
  errors: [],
});

export const securityDocument = defineEndpoint({
  method: 'GET',
  path: '/index/sec',
  summary: 'Fixed document (security statement)',
  auth: false,
  request: z.object({}),
  response: documentSchema,
  errors: [],
});

export const customerService = defineEndpoint({
  method: 'GET',
  path: '/index/kefu',
  summary: 'Customer service: how to reach support and when',
  auth: false,
  request: z.object({}),
  response: z.object({
    channels: z.array(
      z.object({ type: z.enum(['chat', 'email', 'link']), label: z.string(), url: z.string() }),
    ),
    hours: z.string(),
  }),
  errors: [],
});

export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/index/upic',
  summary: 'Upload an image (JPEG, PNG or WebP, sniffed from its bytes) as multipart field `file`',
  auth: true,
  upload: true,
  request: z.object({ file: z.instanceof(Uint8Array) }),
  /** `url` is where the owner reads the image back (with the bearer token); nobody else can. */
  response: z.object({ url: z.string() }),
  errors: [
    'image_not_supported',
    'image_too_large',
    'image_too_many_pixels',
    'upload_quota_exceeded',
  ],
});
