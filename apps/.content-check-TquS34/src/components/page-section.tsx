import type { ReactNode } from 'react';

type Props = {
  /** The section's anchor (/#faq); its heading's id is `${id}-title`. */
  id: string;
  className: string;
  /** The box inside the full-width section that holds the heading and the content. */
  containerClassName: string;
  title: ReactNode;
  titleClassName: string;
  children: ReactNode;
};

/** A section of a page named by its h2 (aria-labelledby), so it is a landmark screen readers list by that name. */
export function PageSection({ id, className, containerClassName, title, titleClassName, children }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      <div className={containerClassName}>
        <h2 id={`${id}-title`} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The tinted band that holds a page's single form card (the confirmation and preferences pages). */
export function FormPageSection({ children }: { children: ReactNode }) {
  return <section className="bg-ink-50 px-4 py-16 lg:py-24">{children}</section>;
}
