import { Link } from 'wouter';
import { PRODUCT_LINKS, PRODUCT_NAME, ROUTES } from '../constants';
import { BrandLogo } from '@/client/components/brand-logo';

const footerLinkClass = 'rounded-sm text-sm text-slate-600 transition-colors hover:text-brand-700';

/** Site-wide marketing footer with product links, Login, Book a Demo and the copyright line. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[2fr_1fr_1fr]">
          <div className="max-w-sm space-y-4">
            <Link href={ROUTES.home} className="inline-flex rounded-md">
              <BrandLogo />
            </Link>
            <p className="text-sm leading-relaxed text-slate-600">
              AI-led video interviews and phone screenings that give every applicant a fair hearing and give your team
              scored, rubric-based reports.
            </p>
          </div>

          <nav aria-labelledby="footer-product-heading">
            <h2 id="footer-product-heading" className="text-sm font-semibold text-slate-900">
              Product
            </h2>
            <ul className="mt-4 space-y-3">
              {PRODUCT_LINKS.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className={footerLinkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="footer-company-heading">
            <h2 id="footer-company-heading" className="text-sm font-semibold text-slate-900">
              Get started
            </h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link href={ROUTES.bookDemo} className={footerLinkClass}>
                  Book a Demo
                </Link>
              </li>
              <li>
                <Link href={ROUTES.bookDemo} className={footerLinkClass}>
                  Pricing
                </Link>
              </li>
              <li>
                <Link href={ROUTES.auth} className={footerLinkClass}>
                  Login
                </Link>
              </li>
            </ul>
          </nav>
        </div>

        <div className="mt-12 border-t border-slate-200 pt-6">
          <p className="text-sm text-slate-500">
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
