import Storage

/// Invoices for travellers who need them: buyers kept on the account, invoices per ticket and per
/// fee, numbered without gaps, and their public verification.
enum InvoicesFeature: Feature {
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addInvoices(to: &migrator)
    }

    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(InvoiceBuyersController(renderer: services.renderer, database: services.database)),
            .members(
                InvoicesController(
                    renderer: services.renderer, database: services.database, railway: services.railway,
                    settings: services.configuration.invoices, site: services.mail.composer.site)),
            .members(ReceiptsController(renderer: services.renderer, database: services.database, settings: services.configuration.invoices)),
            .everyone(InvoiceVerificationController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminInvoicesController(renderer: services.renderer, database: services.database)),
        ]
    }
}
