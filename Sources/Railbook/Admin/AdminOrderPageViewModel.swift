/// A ticket order as the back office sees it (`admin/order`): the order as its traveller's page
/// shows it (`OrderShowPageViewModel`, with no notice of anything just done), when it was placed,
/// and the order's file (`AdminOrderFileViewModel`), with nothing to act on.
struct AdminOrderPageViewModel: Encodable {
    let order: OrderShowPageViewModel
    let created: String
    let createdDatetime: String
    let file: AdminOrderFileViewModel

    init(order: OrderShowPageViewModel, createdAt: Int, file: AdminOrderFile, text: TextLookup) {
        self.order = order
        let created = ChinaMoment(createdAt)
        self.created = created.text
        createdDatetime = created.datetime
        self.file = AdminOrderFileViewModel(file, text: text)
    }
}
