/** The template library shown in the Templates dialog. */
import type { Template } from '../../../state/importMap';
import { buildTemplate } from './buildTemplate';
import { meetingNotes, productRoadmap, projectPlan, riskRegister } from './deliveryTemplates';
import { competitiveAnalysis, goToMarket } from './marketTemplates';
import { businessModelCanvas, okrs, strategicPlan, swot } from './strategyTemplates';

export const TEMPLATES: readonly Template[] = [
  swot,
  okrs,
  productRoadmap,
  projectPlan,
  businessModelCanvas,
  competitiveAnalysis,
  riskRegister,
  meetingNotes,
  strategicPlan,
  goToMarket,
].map(([meta, outline]) => buildTemplate(meta, outline));
