/** Market templates: competitive analysis, go-to-market plan. */
import type { Outline, TemplateMeta } from './buildTemplate';

export const competitiveAnalysis: [TemplateMeta, Outline] = [
  {
    id: 'competitive-analysis',
    name: 'Competitive Analysis',
    description: 'Compare competitors on offering, pricing, strengths and gaps to find where you can win.',
    tags: ['Market', 'Analysis'],
  },
  {
    label: 'Competitive Landscape',
    children: [
      {
        label: 'Competitor A (market leader)',
        children: [{ label: 'Strength: brand & integrations' }, { label: 'Gap: complex, expensive' }, { label: 'Pricing: $30/seat' }],
      },
      {
        label: 'Competitor B (challenger)',
        children: [{ label: 'Strength: great UX' }, { label: 'Gap: no enterprise controls' }, { label: 'Pricing: $12/seat' }],
      },
      {
        label: 'Competitor C (open source)',
        children: [{ label: 'Strength: free, extensible' }, { label: 'Gap: self-hosting burden' }],
      },
      {
        label: 'Our Position',
        children: [
          { label: 'Differentiator: templates for strategy', priority: 'high' },
          { label: 'Target: teams of 50–500' },
          { label: 'Pricing: $18/seat' },
        ],
      },
    ],
  },
];

export const goToMarket: [TemplateMeta, Outline] = [
  {
    id: 'go-to-market',
    name: 'Go-to-Market Plan',
    description: 'Target segments, messaging, channels, launch timeline and the metrics for a product launch.',
    tags: ['Marketing', 'Launch'],
  },
  {
    label: 'Go-to-Market Plan',
    children: [
      { label: 'Target Segments', children: [{ label: 'Operations leaders' }, { label: 'Strategy consultants' }] },
      { label: 'Messaging', children: [{ label: 'From ideas to plans in minutes' }, { label: 'Proof: case studies' }] },
      { label: 'Channels', children: [{ label: 'Webinars' }, { label: 'Partner resellers' }, { label: 'Paid search' }] },
      { label: 'Launch Timeline', children: [{ label: 'Beta (week 1–4)' }, { label: 'Public launch (week 6)', priority: 'high' }] },
      { label: 'Metrics', children: [{ label: '500 sign-ups in month 1' }, { label: '20% trial conversion' }] },
    ],
  },
];
