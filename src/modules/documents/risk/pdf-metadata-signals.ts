import type { RiskSignal } from '../analysis/analysis-types.ts'
import { findEditingTool } from './editing-tools.ts'
import { formatInstant } from './text-dates.ts'

/** What a PDF says about its own making: the Info dictionary and, when present, the XMP packet. */
export interface PdfMetadata {
  /** Tool names with where they were read, e.g. ['Producer', 'iLovePDF']. */
  tools: readonly (readonly [field: string, value: string])[]
  created: Date | undefined
  modified: Date | undefined
}

const DAY_MS = 24 * 60 * 60 * 1000

export function metadataSignals (metadata: PdfMetadata, now: Date): RiskSignal[] {
  return [...editingToolSignals(metadata), ...modifiedAfterCreation(metadata), ...futureMetadataDates(metadata, now)]
}

function editingToolSignals (metadata: PdfMetadata): RiskSignal[] {
  const seen = new Set<string>()
  const signals: RiskSignal[] = []
  for (const [field, value] of metadata.tools) {
    const tool = findEditingTool(value)
    if (tool === undefined || seen.has(tool.name)) continue
    seen.add(tool.name)
    signals.push({
      code: 'editing_tool',
      severity: 'high',
      message: `The PDF's ${field} ${isJustTheName(value, tool.name) ? `is ${tool.name}` : `"${value}" names ${tool.name}`}, an editing tool: the file was saved by an editor after it was made.`,
    })
  }
  return signals
}

function modifiedAfterCreation ({ created, modified }: PdfMetadata): RiskSignal[] {
  if (created === undefined || modified === undefined) return []
  const days = (modified.getTime() - created.getTime()) / DAY_MS
  if (days <= 1) return []
  return [{
    code: 'modified_after_creation',
    severity: 'medium',
    message: `The PDF was modified on ${formatInstant(modified)}, ${describeDays(days)} after it was created on ${formatInstant(created)}.`,
  }]
}

// One day of slack: the producing machine's clock and time zone are not ours.
function futureMetadataDates ({ created, modified }: PdfMetadata, now: Date): RiskSignal[] {
  const latestAllowed = now.getTime() + DAY_MS
  const future = [['creation date', created], ['modification date', modified]] as const
  const named = future.filter(([, date]) => date !== undefined && date.getTime() > latestAllowed)
    .map(([name, date]) => `${name} ${formatInstant(date as Date)}`)
  if (named.length === 0) return []
  return [{
    code: 'future_date',
    severity: 'high',
    message: `The PDF's ${named.join(' and ')} ${named.length > 1 ? 'are' : 'is'} later than the time of the check (${formatInstant(now)}).`,
  }]
}

function isJustTheName (value: string, toolName: string): boolean {
  return value.trim().toLowerCase() === toolName.toLowerCase()
}

function describeDays (days: number): string {
  return days < 2 ? `${Math.round(days * 24)} hours` : `${Math.floor(days)} days`
}
