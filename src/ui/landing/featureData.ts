import type { MantineGradient } from '@mantine/core';
import {
  IconChart,
  IconConnections,
  IconLayout,
  IconMindMap,
  IconPalette,
  IconPlug,
  IconSparkles,
  IconTemplate,
  IconUsers,
  type IconComponent,
} from './icons';

/** A landing-page feature card (spec §3: title, description, icon, gradient; static content). */
export interface LandingFeature {
  id: string;
  title: string;
  description: string;
  icon: IconComponent;
  gradient: MantineGradient;
}

export const FEATURES: readonly LandingFeature[] = [
  {
    id: 'interactive',
    title: 'Interactive Mind Mapping',
    description:
      'Drag and drop topics anywhere on the canvas and draw node connections between ideas to see how they relate.',
    icon: IconMindMap,
    gradient: { from: 'violet', to: 'indigo', deg: 135 },
  },
  {
    id: 'connections',
    title: 'Smart Connections',
    description:
      'Add a topic and its branch expands automatically, keeping related ideas linked and in view as your map grows.',
    icon: IconConnections,
    gradient: { from: 'indigo', to: 'cyan', deg: 135 },
  },
  {
    id: 'layouts',
    title: 'Dynamic Layouts',
    description:
      'Smart layout algorithms place new branches for you, so even large maps stay tidy and easy to read.',
    icon: IconLayout,
    gradient: { from: 'teal', to: 'lime', deg: 135 },
  },
  {
    id: 'visual',
    title: 'Visual Thinking',
    description:
      'Customizable styling with colours, animations, priorities, tags and notes makes every idea stand out.',
    icon: IconPalette,
    gradient: { from: 'pink', to: 'orange', deg: 135 },
  },
  {
    id: 'templates',
    title: 'Enterprise Templates',
    description:
      'Start from ready-made templates for strategic planning, roadmaps and workshops instead of a blank canvas.',
    icon: IconTemplate,
    gradient: { from: 'orange', to: 'yellow', deg: 135 },
  },
  {
    id: 'ai',
    title: 'AI-Powered Suggestions',
    description:
      'Get suggestions for related topics and next steps that help you explore an idea further.',
    icon: IconSparkles,
    gradient: { from: 'grape', to: 'violet', deg: 135 },
  },
];

/** Team capabilities listed on the landing page; the editor itself does not offer them. */
export interface AdvancedFeature {
  id: string;
  title: string;
  icon: IconComponent;
}

export const ADVANCED_FEATURES: readonly AdvancedFeature[] = [
  { id: 'collaboration', title: 'Collaborative real-time editing and commenting', icon: IconUsers },
  { id: 'integration', title: 'Data integration with external sources and APIs', icon: IconPlug },
  { id: 'analytics', title: 'Advanced analytics', icon: IconChart },
];
