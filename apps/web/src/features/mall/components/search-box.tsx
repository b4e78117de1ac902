import { AutoComplete, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn, LOGIN_PATH } from '../../../lib/session.ts';
import { useSuggest } from '../api/use-catalog-queries.ts';
import { searchPath } from '../mall-paths.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/** The header's search box: suggestions while typing (debounced 300 ms), Enter or a suggestion opens /search. */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const currentQ = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(currentQ);
  const debounced = useDebouncedValue(text.trim(), 300);
  const loggedIn = isLoggedIn();
  // suggestions need a session; logged-out visitors go to login when they search
  const suggest = useSuggest(loggedIn ? debounced : '');

  useEffect(() => setText(currentQ), [currentQ]);

  const go = (q: string) => {
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
      onChange={(v) => setText(v ?? '')}
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
