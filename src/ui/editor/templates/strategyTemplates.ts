/** Strategy templates: SWOT, OKRs, business model canvas, strategic plan. */
import type { Outline, TemplateMeta } from './buildTemplate';

export const swot: [TemplateMeta, Outline] = [
  {
    id: 'swot',
    name: 'SWOT Analysis',
    description: 'Map internal strengths and weaknesses against external opportunities and threats before setting strategy.',
    tags: ['Strategy', 'Analysis'],
  },
  {
    label: 'SWOT Analysis',
    children: [
      {
        label: 'Strengths',
        color: '#10b981',
        children: [
          { label: 'Loyal customer base', notes: 'Net revenue retention above 110%' },
          { label: 'Proprietary technology' },
          { label: 'Experienced leadership team' },
        ],
      },
      {
        label: 'Weaknesses',
        color: '#f59e0b',
        children: [
          { label: 'Limited brand awareness' },
          { label: 'High customer acquisition cost', priority: 'high' },
          { label: 'Single-region operations' },
        ],
      },
      {
        label: 'Opportunities',
        color: '#3b82f6',
        children: [
          { label: 'Expansion into mid-market' },
          { label: 'Strategic partnerships' },
          { label: 'Regulatory shift favouring our model' },
        ],
      },
      {
        label: 'Threats',
        color: '#ef4444',
        children: [
          { label: 'New well-funded competitors', priority: 'high' },
          { label: 'Economic downturn reduces budgets' },
          { label: 'Key supplier dependency' },
        ],
      },
    ],
  },
];

export const okrs: [TemplateMeta, Outline] = [
  {
    id: 'okrs',
    name: 'Quarterly OKRs',
    description: 'Objectives with measurable key results and owners, aligned to one company goal for the quarter.',
    tags: ['Goals', 'Planning'],
  },
  {
    label: 'Q3 OKRs',
    children: [
      {
        label: 'Objective: Delight our customers',
        children: [
          { label: 'KR: Raise NPS from 32 to 45', tags: ['Customer Success'] },
          { label: 'KR: First response time under 2 hours', tags: ['Support'] },
          { label: 'KR: Cut churn to 1.5% monthly', priority: 'high' },
        ],
      },
      {
        label: 'Objective: Grow revenue efficiently',
        children: [
          { label: 'KR: $1.2M new ARR', priority: 'high' },
          { label: 'KR: CAC payback under 14 months' },
          { label: 'KR: 3 new channel partners signed' },
        ],
      },
      {
        label: 'Objective: Build a scalable platform',
        children: [
          { label: 'KR: 99.95% uptime' },
          { label: 'KR: Deploy lead time under 1 day' },
          { label: 'KR: Migrate 80% of services to new infra' },
        ],
      },
    ],
  },
];

export const businessModelCanvas: [TemplateMeta, Outline] = [
  {
    id: 'business-model-canvas',
    name: 'Business Model Canvas',
    description: 'The nine building blocks of a business model, from customer segments to cost structure.',
    tags: ['Strategy', 'Business Model'],
  },
  {
    label: 'Business Model Canvas',
    children: [
      { label: 'Customer Segments', children: [{ label: 'Mid-size enterprises' }, { label: 'Consultancies' }] },
      { label: 'Value Propositions', children: [{ label: 'Faster strategic alignment' }, { label: 'One shared visual plan' }] },
      { label: 'Channels', children: [{ label: 'Direct sales' }, { label: 'Self-serve web app' }] },
      { label: 'Customer Relationships', children: [{ label: 'Dedicated success manager' }, { label: 'Community forum' }] },
      { label: 'Revenue Streams', children: [{ label: 'Per-seat subscription' }, { label: 'Enterprise licences' }] },
      { label: 'Key Resources', children: [{ label: 'Product & engineering team' }, { label: 'Template library' }] },
      { label: 'Key Activities', children: [{ label: 'Product development' }, { label: 'Customer onboarding' }] },
      { label: 'Key Partners & Cost Structure', children: [{ label: 'Cloud hosting provider' }, { label: 'Salaries (70% of costs)' }] },
    ],
  },
];

export const strategicPlan: [TemplateMeta, Outline] = [
  {
    id: 'strategic-plan',
    name: 'Three-Year Strategic Plan',
    description: 'Vision, mission, strategic pillars with initiatives, and the metrics that show progress.',
    tags: ['Strategy', 'Leadership'],
  },
  {
    label: 'Strategic Plan 2025–2027',
    children: [
      { label: 'Vision', children: [{ label: 'Be the default planning tool for growing teams' }] },
      { label: 'Mission', children: [{ label: 'Turn scattered ideas into shared, actionable plans' }] },
      {
        label: 'Pillar: Customer Growth',
        children: [{ label: 'Launch partner programme' }, { label: 'Enter two new regions', priority: 'medium' }],
      },
      {
        label: 'Pillar: Operational Excellence',
        children: [{ label: 'Automate reporting' }, { label: 'ISO 27001 certification', priority: 'high' }],
      },
      {
        label: 'Pillar: People & Culture',
        children: [{ label: 'Leadership development track' }, { label: 'Engagement score above 80%' }],
      },
      { label: 'Success Metrics', children: [{ label: 'ARR growth 40% / year' }, { label: 'Gross margin above 75%' }] },
    ],
  },
];
