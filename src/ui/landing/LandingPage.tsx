import { Header } from './Header';
import { Hero } from './Hero';
import { Features } from './Features';
import { Demo } from './Demo';
import { Footer } from './Footer';
import classes from './LandingPage.module.css';

/** The marketing page at "/": hero, features, demo teaser and footer. */
export function LandingPage() {
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
