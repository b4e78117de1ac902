import { QuestionCircleOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { LOGIN_ROUTE } from '../app/navigation-guard.ts';
import { isPrintPath } from '../app/spec-routes.ts';
import { withChunkTimeout } from '../lib/chunk-load.ts';
import { defaultUnitOfferDismissed, dismissDefaultUnitOffer } from '../lib/default-unit-offer.ts';
import { getPendingLogin, isLoggedIn } from '../lib/session.ts';
import { useOptionalDepts, useUserAllInfo } from '../lib/session-queries.ts';
import { shouldOfferDefaultUnit } from './default-unit-rule.ts';
import { helpWindow, useHelpWindowOpen } from './help-window-store.ts';
import { Watermark } from './watermark.tsx';
import { shouldShowWatermark, watermarkText } from './watermark-rule.ts';

// Loaded when first needed: most pages never open them, and the login page must stay light.
const HelpWindow = lazy(withChunkTimeout(() => import('./help-window.tsx').then((m) => ({ default: m.HelpWindow }))));
const DefaultUnitDialog = lazy(withChunkTimeout(() => import('./default-unit-dialog.tsx').then((m) => ({ default: m.DefaultUnitDialog }))));

/** Watermark, help-centre window and default-unit dialog, laid over every page but print pages. */
export function ShellTools() {
  const { pathname } = useLocation();
  const loggedIn = isLoggedIn() && !getPendingLogin();
  const { data: info } = useUserAllInfo();
  const user = loggedIn ? (info?.user ?? null) : null;
  const printRoute = isPrintPath(pathname);
  const loginRoute = pathname === LOGIN_ROUTE;
  const helpOpen = useHelpWindowOpen();
  const [dismissed, setDismissed] = useState(defaultUnitOfferDismissed);

  const wantsUnits = !!user && user.accountType !== 2 && user.defaultDept === null && user.deptVOList.length > 1;
  const depts = useOptionalDepts(wantsUnits);
  const offerUnit = shouldOfferDefaultUnit({
    path: pathname,
    loggedIn: !!user,
    accountType: user?.accountType ?? null,
    defaultDept: user?.defaultDept ?? null,
    optionalCount: depts.data?.length ?? 0,
    dismissed,
    printRoute,
  });

  if (printRoute) return null;
  const showHelp = !!user && !loginRoute && pathname !== '/helpCenter';

  return (
    <>
      {user && shouldShowWatermark({ user, loginRoute, printRoute }) && <Watermark text={watermarkText(user)} />}
      {showHelp && !helpOpen && (
        <FloatButton icon={<QuestionCircleOutlined />} tooltip="帮助中心" type="primary" onClick={helpWindow.open} data-testid="help-launcher" />
      )}
      <Suspense fallback={null}>
        {showHelp && helpOpen && <HelpWindow />}
        {offerUnit && (
          <DefaultUnitDialog
            options={depts.data}
            loading={depts.isLoading}
            onDismiss={() => {
              dismissDefaultUnitOffer();
              setDismissed(true);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
