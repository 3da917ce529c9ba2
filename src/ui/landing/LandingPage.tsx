import { Header } from './Header';
import { Hero } from './Hero';
import { Features } from './Features';
import { Demo } from './Demo';
import { Footer } from './Footer';
import classes from './LandingPage.module.css';
import { SITE_TITLE, useDocumentTitle } from '../hooks/useDocumentTitle';

/** The marketing page at "/": hero, features, demo teaser and footer. */
export function LandingPage() {
  useDocumentTitle(SITE_TITLE);
  return (
    <div className={classes.page}>
      <Header />
      <main>
        <Hero />
        <Features />
        <Demo />
      </main>
      <Footer />
    </div>
  );
}
