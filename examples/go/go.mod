module weburl.example/weburl

go 1.19
