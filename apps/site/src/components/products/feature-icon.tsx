import {
  Bell,
  ChartNoAxesCombined,
  Clock,
  Code,
  Filter,
  Inbox,
  Layers,
  Megaphone,
  MousePointerClick,
  Repeat,
  Send,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Users,
  Workflow,
  type LucideProps,
} from 'lucide-react';
import type { featureIcons } from '@growmail/contracts/content/schemas';

/** The icons content files may name (`featureIcons` in @growmail/contracts/content/schemas), from lucide. */
const icons = {
  inbox: Inbox,
  megaphone: Megaphone,
  workflow: Workflow,
  send: Send,
  chart: ChartNoAxesCombined,
  users: Users,
  sparkles: Sparkles,
  clock: Clock,
  shield: ShieldCheck,
  repeat: Repeat,
  layers: Layers,
  'mouse-pointer': MousePointerClick,
  smartphone: Smartphone,
  bell: Bell,
  code: Code,
  filter: Filter,
} satisfies Record<(typeof featureIcons)[number], unknown>;

export function FeatureIcon({ name, ...props }: { name: (typeof featureIcons)[number] } & LucideProps) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" focusable="false" {...props} />;
}
