'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

export type FlyoutItem = { href: string; title: string; description: string; icon: ReactNode };

type Props = {
  label: string;
  items: readonly FlyoutItem[];
  /** `ctaDetail` completes the call to action's name for screen readers and search engines. */
  promo: { text: string; href: string; cta: string; ctaDetail?: string };
};

/**
 * The desktop Products menu: a disclosure that opens on hover, on keyboard focus or on
 * click, and closes on Escape, on leaving it, or on choosing a link.
 */
export function ProductsFlyout({ label, items, promo }: Props) {
  const [open, setOpenState] = useState(false);
  // Mirrors `open` synchronously: hover and click can arrive before React re-renders.
  const isOpen = useRef(false);
  const setOpen = (value: boolean) => {
    isOpen.current = value;
    setOpenState(value);
  };
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Why it is open: a click on a hover-opened menu pins it rather than closing it.
  const openedBy = useRef<'hover' | 'other'>('other');
  // Escape returns focus to the trigger, which must not reopen the menu.
  const returningFocus = useRef(false);

  const show = (reason: 'hover' | 'other') => {
    openedBy.current = reason;
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      returningFocus.current = true;
      trigger.current?.focus();
      returningFocus.current = false;
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    // The wrapper only follows the pointer and focus leaving; the button is the control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={root}
      className="relative"
      onMouseEnter={() => show('hover')}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="nav-link inline-flex items-center gap-1"
        aria-expanded={open}
        aria-controls={panelId}
        // Keyboard focus opens the menu; a pointer press is handled by onClick below.
        onFocus={(event) => {
          if (!returningFocus.current && event.target.matches(':focus-visible')) show('other');
        }}
        onClick={() => {
          if (isOpen.current && openedBy.current === 'hover') openedBy.current = 'other';
          else setOpen(!isOpen.current);
        }}
      >
        {label}
        <DisclosureChevron open={open} className="h-4 w-4" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-1/2 z-40 w-[min(44rem,90vw)] -translate-x-1/2 pt-3"
      >
        <div className="grid gap-2 rounded-2xl border border-ink-100 bg-white p-4 shadow-xl lg:grid-cols-[1fr_15rem]">
          <ul className="grid gap-1 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={() => setOpen(false)}
                  className="flex gap-3 rounded-xl p-3 hover:bg-brand-50 focus-visible:bg-brand-50"
                >
                  <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                    {item.icon}
                  </span>
                  <span>
                    <span className="block font-semibold text-ink-900">{item.title}</span>
                    <span className="block text-sm text-ink-600">{item.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex flex-col justify-between gap-3 rounded-xl bg-ink-900 p-4 text-white">
            <p className="text-sm leading-relaxed">{promo.text}</p>
            <Link
              href={promo.href}
              onClick={() => setOpen(false)}
              className="self-start rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-brand-50"
            >
              {promo.cta}
              {promo.ctaDetail && <span className="sr-only"> {promo.ctaDetail}</span>}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
