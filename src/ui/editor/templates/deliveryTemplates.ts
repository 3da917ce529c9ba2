/** Delivery templates: product roadmap, project plan (WBS), risk register, meeting notes. */
import type { Outline, TemplateMeta } from './buildTemplate';

export const productRoadmap: [TemplateMeta, Outline] = [
  {
    id: 'product-roadmap',
    name: 'Product Roadmap',
    description: 'Now / Next / Later themes with the features planned in each, ready to share with stakeholders.',
    tags: ['Product', 'Roadmap'],
  },
  {
    label: 'Product Roadmap',
    children: [
      {
        label: 'Now (this quarter)',
        children: [
          { label: 'Single sign-on (SAML)', priority: 'high' },
          { label: 'Faster onboarding flow' },
          { label: 'Usage analytics dashboard' },
        ],
      },
      {
        label: 'Next (next quarter)',
        children: [{ label: 'Real-time collaboration' }, { label: 'Mobile editing' }, { label: 'Public API v1' }],
      },
      {
        label: 'Later',
        children: [{ label: 'AI topic suggestions' }, { label: 'Offline mode' }, { label: 'Marketplace for templates' }],
      },
      { label: 'Not planned', children: [{ label: 'On-premise edition', notes: 'Revisit if 3+ enterprise requests' }] },
    ],
  },
];

export const projectPlan: [TemplateMeta, Outline] = [
  {
    id: 'project-plan',
    name: 'Project Plan (Work Breakdown)',
    description: 'A work breakdown structure from initiation to closure, with deliverables for each phase.',
    tags: ['Project Management', 'Planning'],
  },
  {
    label: 'Website Relaunch Project',
    children: [
      { label: '1. Initiation', children: [{ label: 'Project charter' }, { label: 'Stakeholder map' }, { label: 'Budget approval', priority: 'high' }] },
      { label: '2. Planning', children: [{ label: 'Scope & requirements' }, { label: 'Schedule & milestones' }, { label: 'Resource plan' }] },
      { label: '3. Execution', children: [{ label: 'Design system' }, { label: 'Content migration' }, { label: 'Build & integrate' }] },
      { label: '4. Monitoring', children: [{ label: 'Weekly status report' }, { label: 'QA & accessibility audit' }] },
      { label: '5. Closure', children: [{ label: 'Launch & handover' }, { label: 'Retrospective' }] },
    ],
  },
];

export const riskRegister: [TemplateMeta, Outline] = [
  {
    id: 'risk-register',
    name: 'Risk Register',
    description: 'Risks grouped by category, each with a likelihood/impact priority and a mitigation owner.',
    tags: ['Risk', 'Governance'],
  },
  {
    label: 'Risk Register',
    children: [
      {
        label: 'Technical',
        children: [
          { label: 'Data loss during migration', priority: 'high', notes: 'Mitigation: dry runs + verified backups' },
          { label: 'Third-party API deprecation', priority: 'medium' },
        ],
      },
      {
        label: 'Financial',
        children: [
          { label: 'Budget overrun above 10%', priority: 'medium', notes: 'Monthly burn review with finance' },
          { label: 'Currency exposure', priority: 'low' },
        ],
      },
      {
        label: 'People',
        children: [
          { label: 'Key engineer leaves', priority: 'high', notes: 'Pair on critical areas, document runbooks' },
          { label: 'Team overload in Q4', priority: 'medium' },
        ],
      },
      {
        label: 'Compliance',
        children: [{ label: 'GDPR data requests backlog', priority: 'medium' }, { label: 'Vendor security review', priority: 'low' }],
      },
    ],
  },
];

export const meetingNotes: [TemplateMeta, Outline] = [
  {
    id: 'meeting-notes',
    name: 'Meeting Notes',
    description: 'Agenda, discussion points, decisions and action items with owners: one map per meeting.',
    tags: ['Meetings', 'Collaboration'],
  },
  {
    label: 'Weekly Leadership Sync',
    children: [
      { label: 'Attendees', children: [{ label: 'CEO' }, { label: 'CTO' }, { label: 'VP Sales' }, { label: 'Head of People' }] },
      { label: 'Agenda', children: [{ label: 'Q3 pipeline review' }, { label: 'Hiring plan' }, { label: 'Product launch readiness' }] },
      { label: 'Decisions', children: [{ label: 'Launch moved to 15 Sept' }, { label: 'Approve two sales hires' }] },
      {
        label: 'Action Items',
        children: [
          { label: 'Update launch plan (CTO)', priority: 'high' },
          { label: 'Post job adverts (People)', priority: 'medium' },
          { label: 'Share pipeline deck (Sales)' },
        ],
      },
    ],
  },
];
