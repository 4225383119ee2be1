import { Combobox, Textarea, useCombobox, type TextareaProps } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';

const MAX_OPTIONS = 8;

/** How a member is written after `@` in a text. */
export function mentionName(m: Member): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.userLogin || String(m.userID);
}

/** The members a text mentions: those whose `@Name` it contains (the server checks they are members). */
export function mentionedIds(text: string, members: Member[]): number[] {
  return members.filter((m) => text.includes(`@${mentionName(m)}`)).map((m) => m.userID);
}

/** The `@word` being typed at the caret, if any. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

type Props = Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  members: Member[];
};

/** A text field in which `@` offers the project's members (arrow keys and Enter choose, Escape closes). */
export function MentionTextarea({ value, onChange, members, onBlur, ...rest }: Props) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const ref = useRef<HTMLTextAreaElement>(null);
  const [active, setActive] = useState<{ start: number; query: string } | null>(null);
  const options = active
    ? members
        .filter((m) => {
          const name = mentionName(m).toLowerCase();
          return name.startsWith(active.query) || name.split(' ').some((part) => part.startsWith(active.query));
        })
        .slice(0, MAX_OPTIONS)
    : [];

  const follow = (text: string, caret: number) => {
    const next = mentionQuery(text, caret);
    setActive(next);
    if (next) {
      combobox.openDropdown();
      combobox.updateSelectedOptionIndex();
    } else combobox.closeDropdown();
  };

  const choose = (userId: string) => {
    const member = members.find((m) => String(m.userID) === userId);
    const input = ref.current;
    if (!member || !active || !input) return;
    const caret = input.selectionStart ?? value.length;
    const inserted = `@${mentionName(member)} `;
    const text = value.slice(0, active.start) + inserted + value.slice(caret);
    onChange(text);
    setActive(null);
    combobox.closeDropdown();
    const at = active.start + inserted.length;
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(at, at);
    });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal position="bottom-start">
      <Combobox.Target>
        <Textarea
          ref={ref}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            follow(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length);
          }}
          {...rest}
          onBlur={(e) => {
            combobox.closeDropdown();
            onBlur?.(e);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!active}>
        <Combobox.Options aria-label={t('VIEWER.Topics.MentionMembers')}>
          {options.length === 0 ? (
            <Combobox.Empty>{t('VIEWER.Topics.MentionNone')}</Combobox.Empty>
          ) : (
            options.map((m) => (
              <Combobox.Option value={String(m.userID)} key={m.userID} data-testid="mention-option">
                {mentionName(m)}
                {m.name ? ` (${m.name})` : ''}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
