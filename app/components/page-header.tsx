import { useId } from 'react'
import { cn } from '~/lib/misc'

/**
 * A page's title, subtitle and actions. A settings tab is a page inside the
 * settings page, so its title is a level 2 heading.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  level = 1,
  id,
}: {
  title: string
  subtitle?: string
  actions?: React.ReactNode
  level?: 1 | 2
  id?: string
}) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <header className={cn('flex flex-wrap items-start justify-between gap-4', level === 1 ? 'mb-6' : 'mb-4')}>
      <div>
        {/* tabIndex -1: a client-side route change moves focus here (RouteAnnouncer). */}
        <Heading
          id={id}
          tabIndex={level === 1 ? -1 : undefined}
          className={level === 1 ? 'text-2xl font-bold text-slate-900 outline-none' : 'text-lg font-semibold'}
        >
          {title}
        </Heading>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  )
}

/** A page (or a settings tab, level 2, labelled by its title) with its header and content. */
export function PageFrame({
  title,
  subtitle,
  actions,
  level = 1,
  children,
}: {
  title: string
  subtitle?: string
  actions?: React.ReactNode
  level?: 1 | 2
  children: React.ReactNode
}) {
  const titleId = useId()
  const header = <PageHeader title={title} subtitle={subtitle} actions={actions} level={level} id={titleId} />
  if (level === 1) {
    return (
      <>
        {header}
        {children}
      </>
    )
  }
  return (
    <section aria-labelledby={titleId}>
      {header}
      {children}
    </section>
  )
}

/** For areas not built yet: says so plainly instead of showing sample data. */
export function ComingSoon({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
      {children}
    </p>
  )
}
