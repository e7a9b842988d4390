'use client';

import Link from 'next/link';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

type NavLink = { href: string; label: string; external?: boolean };

type Props = {
  products: readonly { href: string; title: string }[];
  links: readonly NavLink[];
  /** The calls to action, rendered by the server header. */
  actions: ReactNode;
};

const MenuIcon = ({ open }: { open: boolean }) => (
  <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
    {open ? (
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ) : (
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    )}
  </svg>
);

/** The header below 768 px: a menu toggle, a Products accordion, then the other links. */
export function MobileMenu({ products, links, actions }: Props) {
  const [open, setOpen] = useState(false);
  const [productsOpen, setProductsOpen] = useState(false);
  const menuId = useId();
  const productsId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="-mr-2 rounded-lg p-2 text-ink-900"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon open={open} />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-t border-ink-100 bg-white shadow-lg"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4">
          <ul className="flex flex-col gap-1">
            <li>
              <button
                type="button"
                className="flex w-full items-center justify-between rounded-lg px-3 py-3 text-left font-medium text-ink-900"
                aria-expanded={productsOpen}
                aria-controls={productsId}
                onClick={() => setProductsOpen((value) => !value)}
              >
                Products
                <DisclosureChevron open={productsOpen} className="h-5 w-5" />
              </button>
              <ul id={productsId} hidden={!productsOpen} className="mb-2 ml-3 border-l border-ink-100 pl-3">
                {products.map((product) => (
                  <li key={product.href}>
                    <Link
                      href={product.href}
                      className="block rounded-lg px-3 py-2 text-ink-700"
                      onClick={() => setOpen(false)}
                    >
                      {product.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
            {links.map((link) => (
              <li key={link.href}>
                {link.external ? (
                  <a href={link.href} className="block rounded-lg px-3 py-3 font-medium text-ink-900">
                    {link.label}
                  </a>
                ) : (
                  <Link
                    href={link.href}
                    className="block rounded-lg px-3 py-3 font-medium text-ink-900"
                    onClick={() => setOpen(false)}
                  >
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-3 border-t border-ink-100 pt-4">{actions}</div>
        </nav>
      </div>
    </div>
  );
}
