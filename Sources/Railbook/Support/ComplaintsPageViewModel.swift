/// The user's complaints (`complaints/index`), newest first.
struct ComplaintsPageViewModel: Encodable {
    let complaints: [ComplaintViewModel]
    let hasComplaints: Bool

    init(complaints: [Complaint], text: TextLookup) {
        self.complaints = complaints.map { ComplaintViewModel(complaint: $0, text: text) }
        hasComplaints = !complaints.isEmpty
    }
}
