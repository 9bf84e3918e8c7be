/**
 * Debian's Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core, with Firefox's fake
 * camera and microphone granted without a prompt.
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { locateInPage, requireBinary, toWire, type ElementQuery, type EngineSession } from './engine-session';

export const FIREFOX_INSTALL = 'Firefox is not installed: apt-get install -y firefox-esr (or set FIREFOX_PATH to a Firefox binary)';

export async function launchFirefox(): Promise<EngineSession> {
  const executablePath = requireBinary([process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'], FIREFOX_INSTALL);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    protocol: 'webDriverBiDi',
    headless: true,
    extraPrefsFirefox: {
      // Firefox's own fake camera (a moving pattern) and microphone (a tone), no permission prompt.
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      // The recruiter's player may start without a click.
      'media.autoplay.default': 0,
      // No traffic beyond loopback.
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    return new FirefoxSession(browser, page, `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`);
  } catch (err) {
    await browser.close();
    throw err;
  }
}

class FirefoxSession implements EngineSession {
  constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    readonly description: string,
  ) {}

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>> {
    return this.page.evaluate<unknown[], (...a: unknown[]) => T | Promise<T>>(fn as (...a: unknown[]) => T | Promise<T>, ...args);
  }

  private async element(query: ElementQuery) {
    const handle = await this.page.evaluateHandle(locateInPage, toWire(query));
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) {
      await handle.dispose();
      throw new Error(`${this.description}: no ${query.role} named ${String(query.name)}`);
    }
    return element;
  }

  async click(query: ElementQuery): Promise<void> {
    const element = await this.element(query);
    try {
      await element.click();
    } finally {
      await element.dispose();
    }
  }

  async type(query: ElementQuery, text: string): Promise<void> {
    const element = await this.element(query);
    try {
      await element.focus();
      await element.type(text);
    } finally {
      await element.dispose();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
