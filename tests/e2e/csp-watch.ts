// Watches a browser context for Content-Security-Policy violations, in the page and in the core
// worker. The browser fires `securitypolicyviolation` in the global where a violation happens, so
// a listener in the page never hears the worker's: the page's are heard by a listener an init
// script adds before any of the app's code runs, the worker's are read from Chromium's DevTools
// issues, which the worker keeps from its start and hands over in full to whoever asks (even a
// violation the code caught and swallowed). Nothing is put between the app and its server: a route
// in front of the worker's file would also stand in front of its socket.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export interface Violation {
  /** The directive that refused, e.g. `script-src-elem`. */
  directive: string;
  /** What was refused: a URL, `inline` or `eval`. */
  blocked: string;
  /** The script that tried, where the browser knows it. */
  source: string;
  where: 'page' | 'worker' | 'service worker';
}

const marker = '[csp-violation]';

/** Added to every page before its own scripts: says each violation on the console. */
function listenInPage(prefix: string): void {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      console.error(
        prefix +
          JSON.stringify({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            source: event.sourceFile,
            where: 'page',
          }),
      );
    },
    true,
  );
}

/** One CSP issue as the DevTools protocol gives it. */
interface CspIssue {
  violatedDirective: string;
  contentSecurityPolicyViolationType: string;
  blockedURL?: string;
  sourceCodeLocation?: { url: string };
}

/** What the issue says was refused, in the words of a `securitypolicyviolation` event. */
function blockedOf(issue: CspIssue): string {
  if (issue.blockedURL) return issue.blockedURL;
  if (issue.contentSecurityPolicyViolationType === 'kEvalViolation') return 'eval';
  if (issue.contentSecurityPolicyViolationType === 'kInlineViolation') return 'inline';
  return issue.contentSecurityPolicyViolationType;
}

/** Reads a worker's CSP issues through the browser's own session, then lets the worker go. */
async function workerIssues(browserSession: CDPSession, targetId: string): Promise<CspIssue[]> {
  const { sessionId } = await browserSession.send('Target.attachToTarget', {
    targetId,
    flatten: false,
  });
  const issues: CspIssue[] = [];
  const enableId = 1;
  const answered = new Promise<void>((resolve) => {
    const onMessage = (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as {
        id?: number;
        method?: string;
        params?: { issue?: { details?: { contentSecurityPolicyIssueDetails?: CspIssue } } };
      };
      if (message.method === 'Audits.issueAdded') {
        const details = message.params?.issue?.details?.contentSecurityPolicyIssueDetails;
        if (details) issues.push(details);
      }
      // The issues gathered so far all come before the answer to `Audits.enable`.
      if (message.id === enableId) {
        browserSession.off('Target.receivedMessageFromTarget', onMessage);
        resolve();
      }
    };
    browserSession.on('Target.receivedMessageFromTarget', onMessage);
  });
  await browserSession.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id: enableId, method: 'Audits.enable' }),
  });
  await answered;
  await browserSession.send('Target.detachFromTarget', { sessionId });
  return issues;
}

export interface CspWatch {
  /** The page's violations since the last `take`. */
  take(): Violation[];
  /** The console errors that speak of the policy (Chromium's "Refused to …") since the last call. */
  takeConsole(): string[];
  /**
   * Every violation in the workers `page` runs now (and its origin's service worker), each from
   * its start, and how many dedicated workers there were.
   */
  workerViolations(page: Page): Promise<{ workers: number; violations: Violation[] }>;
}

/** Starts watching every page of `context`: call before opening one. */
export async function watchCsp(browser: Browser, context: BrowserContext): Promise<CspWatch> {
  let violations: Violation[] = [];
  let consoleErrors: string[] = [];
  const browserSession = await browser.newBrowserCDPSession();
  context.once('close', () => void browserSession.detach().catch(() => {}));

  await context.addInitScript(listenInPage, marker);
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith(marker)) violations.push(JSON.parse(text.slice(marker.length)));
    else if (/content security policy/i.test(text)) consoleErrors.push(text);
  });

  return {
    take() {
      const taken = violations;
      violations = [];
      return taken;
    },
    takeConsole() {
      const taken = consoleErrors;
      consoleErrors = [];
      return taken;
    },
    async workerViolations(page) {
      const pageSession = await context.newCDPSession(page);
      const { targetInfo } = await pageSession.send('Target.getTargetInfo');
      await pageSession.detach();
      const { targetInfos } = await browserSession.send('Target.getTargets');
      // The page's dedicated workers, and the service worker of its origin.
      const workers = targetInfos.filter(
        (target) =>
          (target.type === 'worker' || target.type === 'service_worker') &&
          target.browserContextId === targetInfo.browserContextId,
      );
      const found: Violation[] = [];
      for (const worker of workers) {
        for (const issue of await workerIssues(browserSession, worker.targetId)) {
          found.push({
            directive: issue.violatedDirective,
            blocked: blockedOf(issue),
            source: issue.sourceCodeLocation?.url ?? '',
            where: worker.type === 'worker' ? 'worker' : 'service worker',
          });
        }
      }
      return {
        workers: workers.filter((worker) => worker.type === 'worker').length,
        violations: found,
      };
    },
  };
}
