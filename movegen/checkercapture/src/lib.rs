//! checkercapture: rules not implemented yet (see the open issue).
