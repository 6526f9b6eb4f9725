import type { Image, Meta } from '@shop/contract';

/** Translated texts a meta block is made of (the translation helpers select these). */
export type MetaTexts = {
  title: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
};

/** Head tags of anything: its own meta texts, else its title and description. */
export function metaOf(row: MetaTexts, image: string | null): Meta {
  return {
    title: row.metaTitle || row.title,
    description: row.metaDescription || row.description,
    keywords: row.metaKeywords,
    image,
  };
}

/** A banner (else any image) stands for the item when it is shared. */
export const metaImage = (images: Image[]) =>
  (images.find((i) => i.imageType === 'banner') ?? images[0])?.image ?? null;
