import type { ReactNode } from "react";

/** A page's heading; also sets the document title (React 19 hoists <title>). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="ks-page-header">
      <title>{`${title} · Kingside`}</title>
      <h1 id="page-title">{title}</h1>
      {children}
    </header>
  );
}
