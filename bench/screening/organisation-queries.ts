import type { Random } from './evaluation-random.ts'
import { ORGANISATION_CULTURES } from './names-organisations.ts'
import { ORGANISATION_LIST_STYLE, renderOrganisation, type Organisation, type OrganisationStyle } from './organisations.ts'
import { stripAccents } from './people.ts'
import { hasAccents, withHyphenationChanged, withTypo } from './text-changes.ts'

export interface ListedOrganisation {
  id: string
  organisation: Organisation
  style: OrganisationStyle
  names: string[]
}

export type OrganisationVariant = 'typo' | 'legal-form' | 'script' | 'spelling' | 'accents' | 'hyphenation'

export function organisationVariants (listed: ListedOrganisation): OrganisationVariant[] {
  const { organisation } = listed
  const kinds: OrganisationVariant[] = ['typo', 'legal-form']
  const text = organisation.words.map((word) => word.text).join(' ')
  if (organisation.culture === 'russian') kinds.push('script', 'spelling')
  if (hasAccents(text)) kinds.push('accents')
  if (/-| and /.test(text)) kinds.push('hyphenation')
  return kinds
}

export function organisationQuery (listed: ListedOrganisation, variant: OrganisationVariant, random: Random): string | null {
  const { organisation } = listed
  const base: OrganisationStyle = { ...ORGANISATION_LIST_STYLE, legalForm: random.chance(0.7) ? 0 : null }
  switch (variant) {
    case 'typo': return withTypo(renderOrganisation(organisation, base), random)
    case 'legal-form': return otherLegalForm(listed, random)
    case 'script': return renderOrganisation(organisation, { ...base, native: !listed.style.native })
    case 'spelling': {
      const query = renderOrganisation(organisation, { ...base, russianSystem: 'english' })
      return listed.names.includes(query) ? null : query
    }
    case 'accents': return stripAccents(renderOrganisation(organisation, base))
    case 'hyphenation': {
      const text = renderOrganisation(organisation, base)
      return / and /.test(text) && random.chance(0.5) ? text.replace(' and ', ' & ') : withHyphenationChanged(text, random)
    }
  }
}

// A suffix removed, spelled another way ('Ltd' → 'Limited'), or added where the list has none.
function otherLegalForm (listed: ListedOrganisation, random: Random): string | null {
  const { organisation } = listed
  if (organisation.legalForm === null) {
    const forms = ORGANISATION_CULTURES.find((culture) => culture.id === organisation.culture)!.legalForms
    return renderOrganisation({ ...organisation, legalForm: random.pick(forms) }, { ...ORGANISATION_LIST_STYLE, legalForm: 0 })
  }
  if (random.chance(0.4)) return renderOrganisation(organisation, { ...listed.style, native: false, legalForm: null })
  const others = organisation.legalForm.map((_, index) => index).filter((index) => index !== listed.style.legalForm)
  if (others.length === 0) return renderOrganisation(organisation, { ...listed.style, native: false, legalForm: null })
  return renderOrganisation(organisation, { ...listed.style, native: false, legalForm: random.pick(others) })
}
