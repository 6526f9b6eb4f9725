import { z } from 'zod';
import {
  dateTimeSchema,
  idSchema,
  imageSchema,
  metaSchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  searchTextSchema,
  text,
} from './common.ts';

/* Menus, widgets, blogs, pages, FAQ. */

export const menuLocationSchema = z.enum(['header', 'footer']);

export type MenuItem = {
  id: number;
  parentId: number | null;
  title: string;
  url: string;
  location: 'header' | 'footer';
  children: MenuItem[];
};

export const menuItemSchema: z.ZodType<MenuItem> = z.object({
  id: idSchema,
  parentId: idSchema.nullable(),
  title: z.string(),
  url: z.string(),
  location: menuLocationSchema,
  get children() {
    return z.array(menuItemSchema);
  },
});
// Recursive schemas need a name to become an OpenAPI component.
z.globalRegistry.add(menuItemSchema, { id: 'MenuItem' });
/** GET /api/content/menus/ answers the root items, children nested. */
export const menusSchema = z.array(menuItemSchema);

export const widgetLocationSchema = z.enum(['body', 'footer', 'header']);
export const widgetSchema = z.object({
  id: idSchema,
  /** Component name, e.g. 'HeaderInfoText'. */
  name: z.string(),
  location: widgetLocationSchema,
  title: z.string(),
  /** Trusted HTML written by staff. */
  content: z.string(),
});
export type Widget = z.infer<typeof widgetSchema>;
export const widgetsSchema = z.array(widgetSchema);

/* ---------- blogs ---------- */

export const blogSchema = z.object({
  id: idSchema,
  ref: z.literal('blog'),
  title: z.string(),
  slug: z.string(),
  slugUri: z.string(),
  description: z.string(),
  /** HTML. */
  content: z.string(),
  publishedAt: dateTimeSchema,
  author: z.string(),
  images: z.array(imageSchema),
  meta: metaSchema,
  /** Set when the post belongs to a vendor. */
  vendor: idSchema.nullable(),
});
export type Blog = z.infer<typeof blogSchema>;

/** A list entry: the post without its body. */
export const blogCardSchema = blogSchema.omit({ content: true });
export type BlogCard = z.infer<typeof blogCardSchema>;

export const blogDetailSchema = blogSchema.extend({
  related: z.array(blogCardSchema),
});
export type BlogDetail = z.infer<typeof blogDetailSchema>;

export const BLOG_PAGE_SIZE = 12;
export const blogsQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(BLOG_PAGE_SIZE),
});
export type BlogsQuery = z.input<typeof blogsQuerySchema>;

/** Every `…/search?query=` call takes this query. */
export const searchQuerySchema = z.object({
  query: searchTextSchema,
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(12),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/* ---------- pages ---------- */

export const pageSchema = z.object({
  id: idSchema,
  ref: z.literal('page'),
  slug: z.string(),
  slugUri: z.string(),
  title: z.string(),
  /** A line or two about the page, plain text (the list of pages shows it). */
  description: z.string(),
  /** HTML. */
  content: z.string(),
  images: z.array(imageSchema),
  meta: metaSchema,
  vendor: idSchema.nullable(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageCardSchema = pageSchema.omit({ content: true });
export type PageCard = z.infer<typeof pageCardSchema>;

/** The shop's pages (`/pages/`), a page of them at a time. */
export const PAGE_LIST_SIZE = 24;
export const pagesQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(PAGE_LIST_SIZE),
});
export type PagesQuery = z.input<typeof pagesQuerySchema>;

export const pageParamsSchema = z.object({ slug: text().min(1).max(200) });

/* ---------- FAQ ---------- */

export const faqItemSchema = z.object({
  id: idSchema,
  question: z.string(),
  /** HTML. */
  answer: z.string(),
});
export const faqCategorySchema = z.object({
  id: idSchema,
  title: z.string(),
  items: z.array(faqItemSchema),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;
export const faqsSchema = z.array(faqCategorySchema);
