import type { APIRoute, GetStaticPaths } from 'astro';
import { appIconImage } from '@/lib/brand-image-render';
import { appIcons } from '@/lib/brand-images';

/** The PNG app icons (manifest, Apple touch icon), drawn from the brand mark at build. */
export const getStaticPaths = (() =>
  appIcons.map((icon) => ({
    params: { name: icon.path.slice(icon.path.lastIndexOf('/') + 1) },
    props: icon,
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<(typeof appIcons)[number]> = ({ props }) => appIconImage(props.size, props.maskable);
