extension TextLookup {
    /// A refund fee rate as shown: "free" or "5%".
    func refundRate(_ percent: Int) -> String {
        percent == 0 ? self("refund_rate_free") : self("refund_rate_percent", String(percent))
    }
}
