import { AutoComplete, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn, LOGIN_PATH } from '../../../../lib/session.ts';
import { useSuggest } from '../api/use-catalog-queries.ts';
import { searchPath } from '../mall-paths.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/** The header's search box: suggestions while typing (debounced 300 ms), Enter or a suggestion opens /search. */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const currentQ = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(currentQ);
  // the list is ours to close: antd keeps it open after Enter, and a navigation does not blur the input
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(text.trim(), 300);
  const loggedIn = isLoggedIn();
  // suggestions need a session; logged-out visitors go to login when they search
  const suggest = useSuggest(loggedIn ? debounced : '');

  useEffect(() => setText(currentQ), [currentQ]);
  // any navigation (a search, a suggestion, a link elsewhere) closes the list
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => setOpen(false), [location.key]);

  const go = (q: string) => {
    setOpen(false);
    const term = q.trim();
    if (!term) return;
    navigate(loggedIn ? searchPath(term) : LOGIN_PATH);
  };

  const options = (debounced ? (suggest.data ?? []) : []).map((s) => ({ value: s, label: s }));

  return (
    <AutoComplete
      value={text}
      options={options}
      defaultActiveFirstOption={false}
      open={open && options.length > 0}
      onOpenChange={setOpen}
      onChange={(v) => {
        setText(v ?? '');
        setOpen(true);
      }}
      onSelect={(v: string) => go(v)}
      style={{ width: '100%' }}
    >
      <Input.Search
        placeholder="搜索商品名称、英文名、CAS 号、货号、品牌"
        enterButton="搜索"
        size="large"
        allowClear
        onSearch={(v) => go(v)}
        data-testid="mall-search"
      />
    </AutoComplete>
  );
}
