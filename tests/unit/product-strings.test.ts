// The products' strings, the later pages' and the security center's come in files of their own:
// asked for by such a page's load, once, in the page's language, and added to the shell's.
import { describe, expect, it } from 'vitest';
import { initI18n, pageStrings, productStrings, securityStrings } from '../../src/i18n/index.ts';
import { useTranslation } from '../../src/i18n/use-translation.ts';

describe("the products' strings", () => {
  it('are refused before a language is set, with nothing shown in their place', async () => {
    await expect(productStrings()).rejects.toThrow();
    expect(useTranslation().t('contract.long')).toBe('contract.long');
  });

  it("join the shell's strings in the page's language, even when asked for first", async () => {
    const shell = initI18n('he');
    const products = productStrings();
    await Promise.all([shell, products]);
    const { t } = useTranslation();
    expect(t('contract.long')).toBe('לונג');
    expect(t('titles.home')).not.toBe('titles.home');
    expect(productStrings()).toBe(products);
  });

  it('leave the later pages’ strings to their own file, which joins the same way', async () => {
    await initI18n('he');
    const { t } = useTranslation();
    expect(t('support.channels')).toBe('support.channels');
    const pages = pageStrings();
    await pages;
    expect(t('support.channels')).toBe('דרכים ליצור קשר');
    expect(t('contract.long')).toBe('לונג');
    expect(pageStrings()).toBe(pages);
  });

  it('leave the security center’s strings to their own file, which joins the same way', async () => {
    await initI18n('he');
    const { t } = useTranslation();
    await pageStrings();
    expect(t('security.level.title')).toBe('security.level.title');
    const security = securityStrings();
    await security;
    expect(t('security.level.title')).toBe('רמת אבטחה');
    expect(t('support.channels')).toBe('דרכים ליצור קשר');
    expect(securityStrings()).toBe(security);
  });
});
