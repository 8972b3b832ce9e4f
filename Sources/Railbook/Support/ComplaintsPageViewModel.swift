import Mustache

/// The user's complaints (`complaints/index`), newest first.
struct ComplaintsPageViewModel: MustacheRenderable {
    let complaints: [Complaint]
    let messages: Messages
    let language: Language

    var mustacheValue: MustacheValue {
        .object([
            "complaints": .list(complaints.map { ComplaintViewModel(complaint: $0, messages: messages, language: language).mustacheValue }),
            "hasComplaints": .bool(!complaints.isEmpty),
        ])
    }
}
