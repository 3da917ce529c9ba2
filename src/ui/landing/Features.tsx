import { Container, SimpleGrid } from '@mantine/core';
import { CtaButton } from './CtaButton';
import { FEATURES } from './featureData';
import { FeatureCard } from './FeatureCard';
import { SectionHeading } from './SectionHeading';
import classes from './Features.module.css';

export function Features() {
  return (
    <section id="features" className={classes.section} aria-labelledby="features-title" tabIndex={-1}>
      <Container size="lg">
        <SectionHeading id="features-title" eyebrow="Features" title="Powerful Features">
          Everything you need to capture ideas, organise them and turn them into plans.
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'md', md: 'xl' }}>
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.id} feature={feature} />
          ))}
        </SimpleGrid>
        <div className={classes.actions}>
          <CtaButton>Experience all features</CtaButton>
        </div>
      </Container>
    </section>
  );
}
