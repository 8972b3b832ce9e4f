/// What invoices say of the seller and the tax, and how long after travel one may be asked for
/// (`railbook serve --seller-name … --seller-code … --invoice-tax-permille … --invoice-days …`).
public struct InvoiceSettings: Sendable, Equatable {
    /// The seller as registered with the tax office, and its unified social credit code.
    public var sellerName = "Railbook 铁路客票服务有限公司"
    public var sellerCode = "91110000MA0000000H"
    /// The tax rate in thousandths: transport services are taxed at 9 % in China.
    public var taxPermille = 90
    /// The tax rate of shop receipts in thousandths: meals are catering services, taxed at 6 %.
    public var receiptTaxPermille = 60
    /// Days after travel (or after a fee was kept) within which an invoice may be asked for.
    public var windowDays = 180

    public init() {}
}
