// For dialogs whose code loads on first use (React.lazy): mounts them the first time they open, then
// keeps them mounted, so their state lasts as long as when they were imported with the page.
import { Suspense, useState, type ReactNode } from 'react';

export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
