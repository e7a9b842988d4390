import type { APIRoute, GetStaticPaths } from 'astro';
import { ogCardImage } from '@/lib/brand-image-render';
import { ogCardFor, ogImagePath, ogRoutes } from '@/lib/brand-images';
import type { OgCard } from '@growmail/contracts/content/schemas';

/** One 1200×630 social card per public page, drawn at build (components/layout/page-head.tsx links them). */
export const getStaticPaths = (() =>
  ogRoutes.map((route) => ({
    params: { path: ogImagePath(route).replace(/^\/og\//, '') },
    props: { card: ogCardFor(route) },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: OgCard }> = ({ props }) => ogCardImage(props.card);
