import type { WireAutomationTemplate } from "../wire/wireTypes";

/** Locales with templates; the first is the fallback. */
export const TEMPLATE_LOCALES = ["en-US", "zh-CN"] as const;
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number];

/** Preset templates per locale, the same seven in the same order in each language. */
export const SEED_TEMPLATES: Readonly<Record<TemplateLocale, readonly WireAutomationTemplate[]>> = Object.freeze({
  "en-US": [
    {
      name: "Daily alert digest",
      description: "A morning summary of yesterday's alerts and incidents.",
      icon: "bell",
      enabled: true,
      prompt: "Summarise the alerts and incidents of the last 24 hours, grouped by service, and highlight anything still open.",
    },
    {
      name: "Weekly on-call handover",
      description: "Handover notes for the next on-call engineer.",
      icon: "calendar",
      enabled: true,
      prompt: "Write handover notes for the next on-call shift: open incidents, noisy alerts and pending follow-ups.",
    },
    {
      name: "Error budget review",
      description: "Tracks SLO burn and warns before the budget runs out.",
      icon: "gauge",
      enabled: true,
      prompt: "Review the error budget burn of every SLO and warn about any that will be exhausted this week.",
    },
    {
      name: "Certificate expiry check",
      description: "Finds TLS certificates close to expiry.",
      icon: "shield",
      enabled: true,
      prompt: "List TLS certificates that expire within 30 days and who owns them.",
    },
    {
      name: "Disk usage forecast",
      description: "Predicts which volumes fill up soon.",
      icon: "database",
      enabled: true,
      prompt: "Forecast disk usage for the next 14 days and list volumes expected to pass 90%.",
    },
    {
      name: "Deploy change summary",
      description: "What changed in production today.",
      icon: "rocket",
      enabled: true,
      prompt: "Summarise today's production deployments and correlate them with new alerts.",
    },
    {
      name: "Incident postmortem draft",
      description: "A first draft of the postmortem after an incident closes.",
      icon: "file-text",
      enabled: false,
      prompt: "Draft a blameless postmortem: timeline, impact, root cause and action items.",
    },
  ],
  "zh-CN": [
    {
      name: "每日告警摘要",
      description: "每天早上汇总前一天的告警与故障。",
      icon: "bell",
      enabled: true,
      prompt: "汇总过去 24 小时的告警和故障，按服务分组，并标出仍未解决的问题。",
    },
    {
      name: "每周值班交接",
      description: "为下一位值班工程师准备交接说明。",
      icon: "calendar",
      enabled: true,
      prompt: "为下一班值班撰写交接说明：未关闭的故障、噪声告警和待跟进事项。",
    },
    {
      name: "错误预算回顾",
      description: "跟踪 SLO 消耗，在预算耗尽前预警。",
      icon: "gauge",
      enabled: true,
      prompt: "回顾所有 SLO 的错误预算消耗，预警本周可能耗尽的 SLO。",
    },
    { name: "证书过期检查", description: "找出即将过期的 TLS 证书。", icon: "shield", enabled: true, prompt: "列出 30 天内过期的 TLS 证书及其负责人。" },
    {
      name: "磁盘用量预测",
      description: "预测哪些磁盘即将写满。",
      icon: "database",
      enabled: true,
      prompt: "预测未来 14 天的磁盘用量，列出预计超过 90% 的卷。",
    },
    { name: "发布变更总结", description: "今天生产环境发生了哪些变更。", icon: "rocket", enabled: true, prompt: "总结今天的生产发布，并与新增告警做关联。" },
    {
      name: "故障复盘草稿",
      description: "故障关闭后生成复盘初稿。",
      icon: "file-text",
      enabled: false,
      prompt: "撰写一份不追责的故障复盘初稿：时间线、影响、根因和改进项。",
    },
  ],
});
