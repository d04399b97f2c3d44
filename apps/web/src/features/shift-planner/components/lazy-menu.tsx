// A menu button that mounts its Mantine menu only while open: the board has a menu per card, thousands of them, and
// only one is ever open. The button's dots are drawn by CSS, not an icon component per card.
import { useEffect, useRef, type ReactNode } from 'react';
import { Menu } from '@mantine/core';
import classes from './shift-planner.module.css';

type TLazyMenuProps = { isOpen: boolean; onOpen: () => void; onClose: () => void; label: string; testId: string; children: ReactNode };

export function LazyMenu({ isOpen, onOpen, onClose, label, testId, children }: TLazyMenuProps) {
  const ref = useRef<HTMLButtonElement | null>(null);
  const wasOpen = useRef(false);
  // The button is mounted anew when the menu closes; the keyboard user stays on it.
  useEffect(() => {
    if (wasOpen.current && !isOpen) ref.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);
  const button = (
    <button
      ref={ref}
      type="button"
      className={classes.menuButton}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={isOpen}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        if (!isOpen) onOpen();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
    </button>
  );
  if (!isOpen) return button;
  return (
    <Menu opened onChange={(opened) => !opened && onClose()} position="bottom-end" shadow="md" withinPortal trapFocus>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-dropdown`}>{children}</Menu.Dropdown>
    </Menu>
  );
}
