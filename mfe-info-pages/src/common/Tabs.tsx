import { KeyboardEvent, ReactNode, useId, useRef } from 'react';
import './Tabs.css';

export interface TabDefinition<Key extends string> {
  key: Key;
  label: string;
}

interface TabsProps<Key extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabDefinition<Key>[];
  selectedKey: Key;
  onSelect: (key: Key) => void;
  /** Content of the selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump, only the selected tab
 * is in the tab order, and the panel is focusable so keyboard users can reach content without links.
 */
export function Tabs<Key extends string>({ label, tabs, selectedKey, onSelect, children, className }: TabsProps<Key>) {
  const idPrefix = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${idPrefix}-tab-${key}`;
  const panelId = `${idPrefix}-panel`;

  const selectAndFocus = (key: Key) => {
    onSelect(key);
    tabRefs.current.get(key)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const lastIndex = tabs.length - 1;
    const targetIndex: Record<string, number> = {
      ArrowRight: index === lastIndex ? 0 : index + 1,
      ArrowLeft: index === 0 ? lastIndex : index - 1,
      Home: 0,
      End: lastIndex,
    };
    const next = targetIndex[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectAndFocus(tabs[next]!.key);
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => {
          const selected = tab.key === selectedKey;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedKey)} tabIndex={0} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
