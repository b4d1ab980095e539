import type { Page } from 'playwright-core'

/**
 * What a page breaks of the basics of accessibility: a form control without a label, a button or
 * link without a name, text whose contrast with its background is under WCAG AA (4.5:1, or 3:1 for
 * large text). Empty when the page keeps them all.
 */
export function auditAccessibility (page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
    }
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`

    for (const el of document.querySelectorAll('input, select, textarea')) {
      const control = el as HTMLInputElement
      if (control.type === 'hidden' || !visible(control)) continue
      const labelled = (control.labels?.length ?? 0) > 0 || control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby')
      if (!labelled) problems.push(`no label: ${describe(control)} name=${control.name}`)
    }
    for (const el of document.querySelectorAll('button, a[href]')) {
      if (!visible(el)) continue
      const name = (el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.getAttribute('title')
      if (!name) problems.push(`no accessible name: ${describe(el)}`)
    }

    const rgba = (text: string) => (text.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number)
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4 }
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!)
    }
    const background = (el: Element | null): number[] => {
      for (let at = el; at; at = at.parentElement) {
        const [r, g, b, a = 1] = rgba(getComputedStyle(at).backgroundColor)
        if (a > 0) return [r!, g!, b!]
      }
      return [255, 255, 255]
    }
    for (const el of document.body.querySelectorAll('*')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      if (!ownText || !visible(el)) continue
      const style = getComputedStyle(el)
      const fg = luminance(rgba(style.color))
      const bg = luminance(background(el))
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05)
      const size = parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      if (ratio < (large ? 3 : 4.5)) problems.push(`contrast ${ratio.toFixed(2)}:1: ${describe(el)} (${style.color} on ${getComputedStyle(el).backgroundColor})`)
    }
    return problems
  })
}
