import type { ReactNode } from 'react';

/**
 * A screen of the app: a region named by its one heading, so a screen reader lists it by
 * name and lands on the title first.
 */
export function Screen({
  id,
  title,
  className,
  hidden,
  children,
}: {
  /** The heading's id (unique in the window): the region is labelled by it. */
  id: string;
  title: string;
  className: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} hidden={hidden}>
      <h1 id={id} className="screen-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
