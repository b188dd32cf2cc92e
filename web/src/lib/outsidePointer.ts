import { useEffect, type RefObject } from 'react';

/** While a popup is open, a pointer pressed outside `root` closes it (`setOpen(false)`). */
export function useCloseOnOutsidePointer(root: RefObject<HTMLElement | null>, open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [root, open, setOpen]);
}
