import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * Chinese month and week names for dayjs and antd's date pickers. Imported for its effect by the
 * layouts of the pages that show dates (main-layout.tsx, site-layout.tsx), whose modules run
 * before their pages render; the login page shows no dates, so the app's entry goes without it
 * (bench:web). A page with a date picker outside those layouts imports this module itself.
 */
dayjs.locale('zh-cn');
